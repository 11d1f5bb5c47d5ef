import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { machineLookupResponseSchema } from '../../contract/machines';
import { db } from '../../src/db/db';
import type { PredictionStepProps } from '../../src/domain/prediction-step';
import { CaseWizardScreen, type PredictionSlot } from '../../src/features/cases/case-wizard-screen';
import { machineDetail } from './machine-fixtures';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';
import { gatewayBehindConnection } from './wizard-gateway';

/*
 * The wizard's prediction flow (product §2 Parts prediction step, §4 Wizard) through its seam:
 * the parts prediction step is plugged in as the predictions feature would, here a stand-in
 * that shows what the wizard gives it and has its three buttons.
 */

vi.setConfig({ testTimeout: 30_000 });

const dana = makeUser();
let connection: { online: boolean };
let seen: PredictionStepProps | null;
const links: Array<[string, string]> = [];

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  const behind = gatewayBehindConnection();
  connection = behind.connection;
  behind.gateway.on('GET', '/api/v1/machines/lookup', machineLookupResponseSchema, () => ({
    machine: machineDetail(),
  }));
  seen = null;
  links.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

function StandInStep(props: PredictionStepProps) {
  seen = props;
  return (
    <div data-testid="prediction-step">
      <p>
        Parts Predictions for {props.machine.model} {props.machine.serial}: {props.symptom}
      </p>
      <button onClick={props.onResubmit}>Resubmit</button>
      {props.caseId ? (
        <button onClick={props.onLinkedToCase}>Link to Case</button>
      ) : (
        <button onClick={() => props.onCreateCase('ppd-1')}>Create Case</button>
      )}
    </div>
  );
}

const slot: PredictionSlot = {
  renderStep: (props) => <StandInStep {...props} />,
  linkToNewCase: async (predictionId, caseOutboxId) => {
    links.push([predictionId, caseOutboxId]);
  },
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderPrediction = (path: string) =>
  renderScreen(
    <Routes>
      <Route
        path="/support/machine/prediction/create/:param1?/:param2?/:param3?"
        element={<CaseWizardScreen flow="prediction" prediction={slot} />}
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    path,
  );

const step = () => screen.getByTestId('case-wizard').dataset.step;
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const subject = () =>
  screen.getAllByLabelText(/Subject/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;

async function predict(symptom: string) {
  fireEvent.change(await waitFor(subject), { target: { value: symptom } });
  click('Next');
  await screen.findByTestId('prediction-step');
}

describe('the prediction flow', () => {
  it('asks the symptom, then shows the plugged-in step with the machine and the symptom', async () => {
    renderPrediction('/support/machine/prediction/create/sn-52016/mn-M7-172');
    expect(await screen.findByRole('heading', { name: 'Create Parts Prediction' })).toBeTruthy();
    click('Next');
    // The symptom is the Subject, required as for a case.
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(step()).toBe('1');
    await predict('hyd leak at rear axle');
    expect(step()).toBe('2');
    expect(
      screen.getByText('Parts Predictions for M7-172 52016: hyd leak at rear axle'),
    ).toBeTruthy();
    expect(screen.getByText(/Step 2 of 2 · Parts Predictions/)).toBeTruthy();
    expect(seen).toMatchObject({
      caseId: null,
      predictionId: null,
      symptom: 'hyd leak at rear axle',
    });
  });

  it('goes back one step with Resubmit, the symptom kept', async () => {
    renderPrediction('/support/machine/prediction/create/sn-52016/mn-M7-172');
    await predict('engine stalls');
    click('Resubmit');
    await waitFor(() => expect(step()).toBe('1'));
    expect(subject().value).toBe('engine stalls');
  });

  it('goes on as a case with Create Case, and links the prediction to the case once queued', async () => {
    renderPrediction('/support/machine/prediction/create/sn-52016/mn-M7-172');
    await predict('engine stalls when hot');
    click('Create Case');
    await screen.findByRole('heading', { name: 'Create Case' });
    expect(step()).toBe('3');
    // Back from the failure details is the prediction again, then on as the case.
    click('Previous');
    await screen.findByTestId('prediction-step');
    // The prediction made is shown again, not made anew.
    expect(seen?.predictionId).toBe('ppd-1');
    click('Create Case');
    await screen.findAllByLabelText(/^Assembly/);
    const type = (label: RegExp, value: string) =>
      fireEvent.change(
        screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!,
        { target: { value } },
      );
    type(/^Assembly/, 'Engine');
    type(/^Sub Assembly/, 'Fuel System');
    type(/^Causal Part/, '8765 Fuel Injector');
    click('Next');
    await screen.findByRole('heading', { name: 'Machine Information' });
    click('Next');
    await screen.findByRole('heading', { name: 'Issue Information' });
    click('Next');
    await screen.findByLabelText('Message');
    click('Submit');
    await screen.findByText('Thank you for your submission');
    const entry = (await db.outbox.toArray()).find((r) => r.kind === 'case-create')!;
    const fields = (entry.payload as { fields: Record<string, unknown> }).fields;
    expect(fields.Subject).toBe('engine stalls when hot');
    expect(links).toEqual([['ppd-1', entry.id]]);
  });

  it('finishes with Link to Case when started from a case, and opens the case', async () => {
    renderPrediction('/support/machine/prediction/create/sn-52016/mn-M7-172/case-c-9');
    await predict('engine stalls');
    expect(seen?.caseId).toBe('c-9');
    click('Link to Case');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/support/case/c-9'));
  });
});
