import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { caseAssistResponseSchema } from '../../contract/case-create';
import {
  NO_KNOWLEDGE_ARTICLES_MESSAGE,
  NO_PREDICTIONS_MESSAGE,
  predictionSchema,
} from '../../contract/predictions';
import { db } from '../../src/db/db';
import type { PredictionStepProps } from '../../src/domain/prediction-step';
import { PredictionStep } from '../../src/features/predictions/prediction-step';
import { article, searchResult } from './knowledge-fixtures';
import { machineDetail } from './machine-fixtures';
import { prediction } from './prediction-fixtures';
import { signedInTestbed } from './prediction-testbed';
import { makeUser, renderScreen } from './render';

vi.setConfig({ testTimeout: 20_000 });
const user = makeUser();
const bed = signedInTestbed(user);

/*
 * Each test predicts for words of its own, so its requests are told from those an earlier
 * test left to be replayed.
 */
let symptomNo = 0;
const aSymptom = () => `hydraulic pump whines under load ${++symptomNo}`;

function stepProps(over: Partial<PredictionStepProps> = {}): PredictionStepProps {
  return {
    ownerUserId: user.id,
    machine: { serial: '52016', model: 'M7-172', pin: '', inventoryId: null, imei: null },
    symptom: aSymptom(),
    dtc: '',
    caseId: null,
    predictionId: null,
    onPredicted: vi.fn(),
    onCreateCase: vi.fn(),
    onLinkedToCase: vi.fn(),
    onResubmit: vi.fn(),
    ...over,
  };
}

/**
 * The POSTs that made a prediction for `symptom`: an earlier test's prediction queued offline
 * may be replayed meanwhile, and is not this test's.
 */
const postsFor = (symptom: string) =>
  bed.gateway
    .requestsTo('/api/v1/predictions')
    .filter((r) => r.method === 'POST' && (r.body as { symptom?: string }).symptom === symptom);

function renderStep(over: Partial<PredictionStepProps> = {}) {
  const props = stepProps(over);
  renderScreen(<PredictionStep {...props} />);
  return props;
}

const answered = prediction({ id: 'p-9', name: 'PPD-000009' });

describe('Parts prediction step', () => {
  it('shows the ranked predictions with the machine and symptom, and the problem suggestions', async () => {
    bed.gateway.on('POST', '/api/v1/predictions', predictionSchema, () => answered, 201);
    bed.gateway.on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({
      results: Array.from({ length: 6 }, (_, i) => searchResult(i)),
    }));
    const props = renderStep();
    const answers = await screen.findAllByTestId('prediction-answer');
    expect(answers).toHaveLength(2);
    expect(answers[0]?.textContent).toContain('Prediction #1');
    expect(answers[0]?.textContent).toContain('HP-100 Hydraulic pump');
    expect(answers[0]?.textContent).toContain('2 x SK-7 Seal kit');
    expect(answers[0]?.textContent).toContain('3 hours');
    expect(within(answers[0]!).getByTestId('probability').textContent).toBe('72%');
    expect(answers[1]?.textContent).toContain('Prediction #2');
    expect(screen.getByText('Model: M7-172 · Serial: 52016')).toBeTruthy();
    expect(screen.getByText(`Symptom: ${props.symptom}`)).toBeTruthy();
    expect(await screen.findAllByTestId('problem-suggestion')).toHaveLength(6);

    const [create] = postsFor(props.symptom);
    expect(create?.body).toMatchObject({
      modelNumber: 'M7-172',
      serialNumber: '52016',
      symptom: props.symptom,
    });
    expect(create?.headers['Idempotency-Key']).toBeTruthy();
    expect(bed.gateway.requestsTo('/api/v1/case-assist')[0]?.query).toMatchObject({
      subject: props.symptom,
      model: 'M7-172',
      serial: '52016',
    });

    expect(props.onPredicted).toHaveBeenCalledWith('p-9');
    fireEvent.click(screen.getByRole('button', { name: 'Create Case' }));
    expect(props.onCreateCase).toHaveBeenCalledWith('p-9');
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    expect(props.onResubmit).toHaveBeenCalled();
  });

  it('prints the parts sheet as a letter-size PDF named for the machine and symptom', async () => {
    bed.gateway.on('POST', '/api/v1/predictions', predictionSchema, () => answered, 201);
    bed.gateway.on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({ results: [] }));
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      made.push(b as Blob);
      return 'blob:test/sheet';
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderStep();
    await screen.findAllByTestId('prediction-answer');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(clicked).toEqual([`M7-172 52016 hydraul.pdf`]), { timeout: 10_000 });
    const text = await made[0]!.text();
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 612. 792.]');
  });

  it('with a case, offers Link to Case', async () => {
    bed.gateway.on('POST', '/api/v1/predictions', predictionSchema, () => answered, 201);
    bed.gateway.on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({ results: [] }));
    const props = renderStep({ caseId: 'case-1' });
    await screen.findAllByTestId('prediction-answer');
    expect(screen.queryByRole('button', { name: 'Create Case' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Link to Case' }));
    await waitFor(() => expect(props.onLinkedToCase).toHaveBeenCalled());
    const [link] = (await db.outbox.toArray()).filter((e) => e.kind === 'prediction-link');
    expect(link?.payload).toMatchObject({ predictionId: 'p-9', caseId: 'case-1' });
    expect(postsFor(props.symptom)[0]?.body).toMatchObject({ caseId: 'case-1' });
    expect(await screen.findByText(NO_KNOWLEDGE_ARTICLES_MESSAGE)).toBeTruthy();
  });

  it('a failed prediction disables the buttons and shows the no-predictions warning', async () => {
    bed.gateway.refuse('POST', '/api/v1/predictions', { statusCode: 500, message: 'Boom' });
    bed.gateway.on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({ results: [] }));
    renderStep();
    expect(await screen.findByText(NO_PREDICTIONS_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Case' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true);
  });

  it('an answer with no predictions says so', async () => {
    bed.gateway.on('POST', '/api/v1/predictions', predictionSchema, () => ({
      ...answered,
      combinations: [],
    }));
    bed.gateway.on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({ results: [] }));
    renderStep();
    expect(await screen.findByText(NO_PREDICTIONS_MESSAGE)).toBeTruthy();
    expect(screen.queryAllByTestId('prediction-answer')).toHaveLength(0);
  });

  it('offline, suggests from the articles kept on the device', async () => {
    bed.online = false;
    await db.articles.put({
      ownerUserId: user.id,
      uniqueId: 'KA-PUMP',
      article: article({
        uniqueId: 'KA-PUMP',
        title: 'Hydraulic pump whine diagnosis',
        text: 'A whining hydraulic pump under load points to cavitation.',
      }),
      syncedAt: Date.now(),
      viewedAt: Date.now(),
      savedAt: Date.now(),
    });
    renderStep();
    const found = await screen.findByTestId('problem-suggestion');
    expect(found.textContent).toContain('Hydraulic pump whine diagnosis');
    expect(bed.gateway.requestsTo('/api/v1/case-assist')).toHaveLength(0);
  });

  /** Articles kept on the device, saved as a technician saves them. */
  async function keep(
    ...kept: { id: string; title: string; text: string; product: string | null }[]
  ) {
    for (const k of kept) {
      await db.articles.put({
        ownerUserId: user.id,
        uniqueId: k.id,
        article: article({
          uniqueId: k.id,
          title: k.title,
          text: k.text,
          documentType: 'Manual',
          commonproduct: k.product,
        }),
        syncedAt: Date.now(),
        viewedAt: Date.now(),
        savedAt: Date.now(),
      });
    }
  }
  const M5 = { serial: '41876', model: 'M5-111', pin: '', inventoryId: null, imei: null };
  /** The M5-111 on the device, as "Prepare for the field" keeps it: a Tractor. */
  const keepM5 = () =>
    db.machines.put({
      ownerUserId: user.id,
      inventoryId: 'INV-M5111-41876',
      serial: '41876',
      model: 'M5-111',
      pin: '',
      dealerId: null,
      detail: machineDetail({
        inventoryId: 'INV-M5111-41876',
        serialNumber: '41876',
        materialNumber: 'M5-111',
      }),
      syncedAt: Date.now(),
    });

  it("offline, ranks the machine's model, then its family, and leaves another family's out", async () => {
    bed.online = false;
    await keepM5();
    const text = 'Rear axle clunk when reversing: check the axle shaft splines.';
    await keep(
      { id: 'KA-SVL', title: 'Rear axle clunk (SVL97-2)', text, product: 'Track Loader' },
      { id: 'KA-ALL', title: 'Rear axle clunk, any machine', text, product: null },
      { id: 'KA-M7', title: 'Rear axle clunk (M7-172)', text, product: 'Tractor' },
      { id: 'KA-M5', title: 'Rear axle clunk (M5-111)', text, product: 'Tractor' },
    );
    renderStep({ machine: M5, symptom: 'rear axle clunk reversing' });
    await waitFor(() => expect(screen.getAllByTestId('problem-suggestion')).toHaveLength(3));
    const titles = screen
      .getAllByTestId('problem-suggestion')
      .map((s) => s.querySelector('a')!.textContent);
    expect(titles).toEqual([
      'Rear axle clunk (M5-111)',
      'Rear axle clunk (M7-172)',
      'Rear axle clunk, any machine',
    ]);
  });

  it('offline, says so when none of the kept articles is about the machine', async () => {
    bed.online = false;
    await keepM5();
    await keep({
      id: 'KA-SVL-WIPER',
      title: 'Cab wiper squeal (SVL97-2)',
      text: 'A squealing cab wiper needs a new blade.',
      product: 'Track Loader',
    });
    renderStep({ machine: M5, symptom: 'cab wiper squeal' });
    expect(await screen.findByText(NO_KNOWLEDGE_ARTICLES_MESSAGE)).toBeTruthy();
    expect(
      screen.getByText(
        'None of the articles kept on this device is about the M5-111 or its family.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Cab wiper squeal (SVL97-2)')).toBeNull();
  });

  it('coming back to the prediction made shows it instead of making another', async () => {
    bed.gateway.on('POST', '/api/v1/predictions', predictionSchema, () => answered, 201);
    bed.gateway.on('GET', '/api/v1/case-assist', caseAssistResponseSchema, () => ({ results: [] }));
    const symptom = aSymptom();
    const first = renderScreen(<PredictionStep {...stepProps({ symptom })} />);
    await screen.findAllByTestId('prediction-answer');
    first.unmount();
    renderScreen(<PredictionStep {...stepProps({ symptom, predictionId: answered.id })} />);
    expect(await screen.findAllByTestId('prediction-answer')).toHaveLength(2);
    expect(postsFor(symptom)).toHaveLength(1);
  });
});
