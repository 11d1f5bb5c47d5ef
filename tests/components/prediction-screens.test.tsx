import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { caseDetailResponseSchema, caseFeedResponseSchema } from '../../contract/cases';
import {
  casePredictionsResponseSchema,
  NO_PREDICTION_HISTORY_MESSAGE,
  PREDICTION_LOAD_FAILED_MESSAGE,
  predictionListResponseSchema,
  predictionSchema,
} from '../../contract/predictions';
import { db } from '../../src/db/db';
import { CaseDetailScreen } from '../../src/features/cases/case-detail-screen';
import { PredictionDetailScreen } from '../../src/features/predictions/prediction-detail-screen';
import {
  HISTORY_NEEDS_CONNECTION,
  PredictionHistoryScreen,
  WAITING_BADGE,
} from '../../src/features/predictions/prediction-history-screen';
import { caseDetail } from './case-fixtures';
import { prediction, summaryOf } from './prediction-fixtures';
import { signedInTestbed } from './prediction-testbed';
import { makeUser, renderScreen } from './render';

vi.setConfig({ testTimeout: 20_000 });
const user = makeUser();
const bed = signedInTestbed(user);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const routes = (path: string) =>
  renderScreen(
    <>
      <Routes>
        <Route path="/support/predictions" element={<PredictionHistoryScreen />} />
        <Route path="/support/prediction/:id?" element={<PredictionDetailScreen />} />
        <Route path="/support/case/:id" element={<CaseDetailScreen />} />
      </Routes>
      <Where />
    </>,
    path,
  );

const older = prediction({ id: 'p-old', name: 'PPD-000001', createdAt: '2026-11-01T08:00:00Z' });
const newer = prediction({
  id: 'p-new',
  name: 'PPD-000002',
  symptom: 'engine stalls when cold',
  createdAt: '2026-11-21T09:30:00Z',
});

describe('Prediction History', () => {
  it('lists symptom, name, created date, model and serial, newest first; a click opens the detail', async () => {
    bed.gateway.on('GET', '/api/v1/predictions', predictionListResponseSchema, () => ({
      predictions: [summaryOf(older), summaryOf(newer)],
    }));
    bed.gateway.on('GET', '/api/v1/predictions/p-new', predictionSchema, () => newer);
    routes('/support/predictions');
    const rows = await screen.findAllByTestId('prediction-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('engine stalls when cold');
    expect(rows[0]?.textContent).toContain('PPD-000002 · 2026-11-21');
    expect(rows[0]?.textContent).toContain('M7-172 52016');
    expect(rows[1]?.textContent).toContain('2026-11-01');
    fireEvent.click(rows[0]!);
    expect((await screen.findByTestId('where'))?.textContent).toContain(
      '/support/prediction/p-new',
    );
    expect(await screen.findByRole('heading', { name: 'PPD-000002' })).toBeTruthy();
  });

  it('marks a prediction made on this device and not sent yet as waiting to send', async () => {
    bed.gateway.on('GET', '/api/v1/predictions', predictionListResponseSchema, () => ({
      predictions: [summaryOf(older)],
    }));
    await db.predictions.put({
      ownerUserId: user.id,
      id: 'entry-1',
      prediction: prediction({
        id: 'entry-1',
        name: 'Not sent',
        createdAt: '2026-11-25T07:00:00Z',
      }),
      pending: true,
      syncedAt: Date.now(),
    });
    routes('/support/predictions');
    await waitFor(() => expect(screen.getAllByTestId('prediction-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('prediction-row');
    expect(first?.textContent).toContain(WAITING_BADGE);
    expect(second?.textContent).not.toContain(WAITING_BADGE);
  });

  it('says there is no history when the gateway has none', async () => {
    bed.gateway.on('GET', '/api/v1/predictions', predictionListResponseSchema, () => ({
      predictions: [],
    }));
    routes('/support/predictions');
    expect(await screen.findByText(NO_PREDICTION_HISTORY_MESSAGE)).toBeTruthy();
  });

  it('offline shows the list kept on the device, and asks for a connection when none is kept', async () => {
    bed.online = false;
    const { unmount } = routes('/support/predictions');
    expect(await screen.findByText(HISTORY_NEEDS_CONNECTION)).toBeTruthy();
    unmount();
    await db.predictionLists.put({
      ownerUserId: user.id,
      key: 'mine',
      predictions: [summaryOf(newer)],
      syncedAt: Date.now(),
    });
    routes('/support/predictions');
    expect((await screen.findByTestId('prediction-row'))?.textContent).toContain(
      'engine stalls when cold',
    );
    expect(bed.gateway.requests).toHaveLength(0);
  });
});

describe('Prediction detail', () => {
  it('shows an accordion item per prediction, the first open', async () => {
    bed.gateway.on('GET', '/api/v1/predictions/p-old', predictionSchema, () => older);
    routes('/support/prediction/p-old');
    const items = await screen.findAllByTestId('prediction-item');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Prediction #1: HP-100 Hydraulic pump (72%)');
    expect(items[1]?.textContent).toContain('Prediction #2: RV-3 Relief valve (18%)');
    expect(within(items[0]!).getByTestId('required-parts')?.textContent).toContain(
      '2 x SK-7 Seal kit',
    );
    expect(within(items[0]!).getByText('3 hours')).toBeTruthy();
  });

  it('says what became of it once the outcome is recorded, and nothing before', async () => {
    const scored = prediction({
      id: 'p-scored',
      outcome: {
        result: 'hit3',
        causalPart: 'RV-3',
        source: 'case',
        recordedAt: '2026-11-28T10:00:00.000Z',
      },
    });
    bed.gateway.on('GET', '/api/v1/predictions/p-old', predictionSchema, () => older);
    bed.gateway.on('GET', '/api/v1/predictions/p-scored', predictionSchema, () => scored);
    const first = routes('/support/prediction/p-old');
    await screen.findAllByTestId('prediction-item');
    expect(screen.queryByText(/^Outcome:/)).toBeNull();
    first.unmount();
    routes('/support/prediction/p-scored');
    expect(
      await screen.findByText('Outcome: RV-3 was Prediction #2 (from the closed case, 2026-11-28)'),
    ).toBeTruthy();
  });

  it('never shows a probability as 0%: one that rounds to it says under 1%', async () => {
    const [first, second] = older.combinations;
    const unlikely = prediction({
      id: 'p-rare',
      combinations: [
        { ...first!, probability: 0.004 },
        { ...second!, probability: 0 },
      ],
    });
    bed.gateway.on('GET', '/api/v1/predictions/p-rare', predictionSchema, () => unlikely);
    routes('/support/prediction/p-rare');
    const items = await screen.findAllByTestId('prediction-item');
    expect(items[0]?.textContent).toContain('Prediction #1: HP-100 Hydraulic pump (under 1%)');
    expect(items[1]?.textContent).toContain('Prediction #2: RV-3 Relief valve (under 1%)');
    expect(within(items[0]!).getByTestId('probability').textContent).toBe('under 1%');
    expect(document.body.textContent).not.toMatch(/\b0%/);
  });

  it('prints the parts sheet from the detail, and its date never breaks', async () => {
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
    bed.gateway.on('GET', '/api/v1/predictions/p-old', predictionSchema, () => older);
    routes('/support/prediction/p-old');
    await screen.findAllByTestId('prediction-item');
    expect(screen.getByText('2026-11-01').style.whiteSpace).toBe('nowrap');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(clicked).toEqual(['M7-172 52016 hydraul.pdf']), {
      timeout: 10_000,
    });
    expect((await made[0]!.text()).startsWith('%PDF-')).toBe(true);
    vi.restoreAllMocks();
  });

  it('says it could not load an unknown prediction, one without an id, and a failed load', async () => {
    bed.gateway.refuse('GET', '/api/v1/predictions/nope', {
      statusCode: 404,
      message: 'Not found',
    });
    bed.gateway.refuse('GET', '/api/v1/predictions/broken', { statusCode: 500, message: 'Boom' });
    for (const path of [
      '/support/prediction/nope',
      '/support/prediction',
      '/support/prediction/broken',
    ]) {
      const { unmount } = routes(path);
      expect((await screen.findByRole('alert'))?.textContent).toContain(
        PREDICTION_LOAD_FAILED_MESSAGE,
      );
      unmount();
    }
  });

  it('opens offline from the device after it was seen once', async () => {
    bed.gateway.on('GET', '/api/v1/predictions/p-old', predictionSchema, () => older);
    const first = routes('/support/prediction/p-old');
    await screen.findAllByTestId('prediction-item');
    first.unmount();
    bed.online = false;
    routes('/support/prediction/p-old');
    expect(await screen.findAllByTestId('prediction-item')).toHaveLength(2);
    expect(bed.gateway.requestsTo('/api/v1/predictions/p-old')).toHaveLength(1);
  });
});

describe("Case detail's Parts Predictions", () => {
  it('lists the linked predictions and Create Prediction predicts for the case', async () => {
    const detail = caseDetail({ id: 'case-1', serialNumber: '52016', modelNumber: 'M7-172' });
    bed.gateway.on('GET', '/api/v1/cases/case-1', caseDetailResponseSchema, () => ({
      case: detail,
    }));
    bed.gateway.on('GET', '/api/v1/cases/case-1/feed', caseFeedResponseSchema, () => ({
      items: [],
    }));
    bed.gateway.on(
      'GET',
      '/api/v1/cases/case-1/predictions',
      casePredictionsResponseSchema,
      () => ({
        predictions: [{ ...newer, caseId: 'case-1', caseNumber: detail.caseNumber }],
      }),
    );
    routes('/support/case/case-1');
    const linked = await screen.findByTestId('case-prediction');
    expect(linked?.textContent).toContain('PPD-000002 · HP-100 Hydraulic pump · 72%');
    expect(within(linked).getByRole('link', { name: 'PPD-000002' }).getAttribute('href')).toBe(
      '/support/prediction/p-new',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create Prediction' }));
    expect((await screen.findByTestId('where'))?.textContent).toContain(
      '/support/machine/prediction/create/sn-52016/mn-M7-172/case-case-1',
    );
  });
});
