import { CaseWizardScreen, type PredictionSlot } from '../features/cases/case-wizard-screen';
import { linkToNewCase } from '../features/predictions/link-prediction';
import { PredictionStep } from '../features/predictions/prediction-step';

/*
 * /support/machine/prediction/create/sn-{serial}/mn-{model}[/case-{caseId}] (product §2): the
 * wizard's prediction flow with the predictions feature's step as its step 2. A feature never
 * imports another, so the two meet here.
 */
const slot: PredictionSlot = {
  renderStep: (props) => <PredictionStep {...props} />,
  linkToNewCase,
};

export function PredictionCreateScreen() {
  return <CaseWizardScreen flow="prediction" prediction={slot} />;
}
