import './setup-dom';
import './node-blobs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREDICTION_LINK_FAILED_MESSAGE, predictionSchema } from '../../contract/predictions';
import { PredictionCreateScreen } from '../../src/app/prediction-create-screen';
import { OfflineSyncScreen } from '../../src/features/settings/offline-sync-screen';
import { db } from '../../src/db/db';
import { syncNow } from '../../src/sync/replay';
import type { GatewayStub } from './gateway-stub';
import { prediction } from './prediction-fixtures';
import { CREATED_CASE, gatewayBehindConnection } from './wizard-gateway';
import { makeUser, renderScreen, resetDb, signInLocally } from './render';

/*
 * The wizard's prediction flow as the app composes it (product §2 Parts prediction step, §4
 * Wizard): the symptom, the prediction, then Create Case goes on as a case with the machine and
 * the symptom, and once the case is queued the prediction is linked to it.
 */

vi.setConfig({ testTimeout: 30_000 });
const dana = makeUser();
let connection: { online: boolean };
let gateway: GatewayStub;
const answered = prediction({ id: 'p-41', name: 'PPD-000041', symptom: 'Loader arm drifts down' });

beforeEach(async () => {
  await resetDb();
  await signInLocally(dana, { sessionFor: 3_600_000 });
  ({ gateway, connection } = gatewayBehindConnection());
  gateway.on('POST', '/api/v1/predictions', predictionSchema, () => answered, 201);
  gateway.on('PUT', '/api/v1/predictions/p-41/case', predictionSchema, (r) => ({
    ...answered,
    caseId: (r.body as { caseId: string }).caseId,
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  connection.online = true;
});

const renderFlow = (path: string) =>
  renderScreen(
    <Routes>
      <Route
        path="/support/machine/prediction/create/:param1?/:param2?/:param3?"
        element={<PredictionCreateScreen />}
      />
      <Route path="/support/case/:id" element={<p>case page</p>} />
    </Routes>,
    path,
  );

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const type = (label: RegExp, value: string) =>
  fireEvent.change(
    screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!,
    { target: { value } },
  );

describe('the prediction flow', () => {
  it('Create Case goes on with the symptom, and the new case gets the prediction linked', async () => {
    renderFlow('/support/machine/prediction/create/sn-52016/mn-M7-172');
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Loader arm drifts down');
    next();
    expect(await screen.findAllByTestId('prediction-answer')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Create Case' }));

    await screen.findAllByLabelText(/^Assembly/);
    // Previous from the case's first step shows the prediction made, not a second one.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findAllByTestId('prediction-answer')).toHaveLength(2);
    expect(
      gateway.requestsTo('/api/v1/predictions').filter((r) => r.method === 'POST'),
    ).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Create Case' }));
    await screen.findAllByLabelText(/^Assembly/);
    type(/^Assembly/, 'Engine');
    type(/^Sub Assembly/, 'Fuel System');
    type(/^Causal Part/, '8765 Fuel Injector');
    next();
    await screen.findByRole('heading', { name: 'Machine Information' });
    next();
    await screen.findByRole('heading', { name: 'Issue Information' });
    next();
    await screen.findByLabelText('Message');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your submission')).toBeTruthy();

    const entries = await db.outbox.toArray();
    const caseEntry = entries.find((e) => e.kind === 'case-create')!;
    const link = entries.find((e) => e.kind === 'prediction-link')!;
    expect(link.dependsOn).toContain(caseEntry.id);
    await syncNow();
    await waitFor(() =>
      expect(gateway.requestsTo('/api/v1/predictions/p-41/case')[0]?.body).toEqual({
        caseId: CREATED_CASE.id,
      }),
    );
    const created = gateway.requestsTo('/api/v1/cases').find((r) => r.method === 'POST');
    expect(created?.body).toMatchObject({
      fields: { Subject: 'Loader arm drifts down', Serial_Number__c: '52016' },
    });
  });

  it('Resubmit goes back to the symptom, kept as typed', async () => {
    renderFlow('/support/machine/prediction/create/sn-52016/mn-M7-172');
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Loader arm drifts down');
    next();
    await screen.findAllByTestId('prediction-answer');
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    const subject = (await screen.findAllByLabelText(/Subject/)).find(
      (el) => el.tagName === 'INPUT',
    ) as HTMLInputElement;
    expect(subject.value).toBe('Loader arm drifts down');
  });

  it('started from a case, Link to Case links it and opens the case', async () => {
    renderFlow('/support/machine/prediction/create/sn-52016/mn-M7-172/case-case-3');
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Loader arm drifts down again');
    next();
    await screen.findAllByTestId('prediction-answer');
    expect(gateway.requestsTo('/api/v1/predictions')[0]?.body).toMatchObject({
      caseId: 'case-3',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link to Case' }));
    expect(await screen.findByText('case page')).toBeTruthy();
    await waitFor(() =>
      expect(gateway.requestsTo('/api/v1/predictions/p-41/case')[0]?.body).toEqual({
        caseId: 'case-3',
      }),
    );
  });

  it('a refused link says it could not associate the prediction, on Offline & sync', async () => {
    gateway.refuse('PUT', '/api/v1/predictions/p-41/case', {
      statusCode: 404,
      message: 'Prediction not found',
    });
    renderFlow('/support/machine/prediction/create/sn-52016/mn-M7-172/case-case-3');
    await screen.findByLabelText(/Subject/);
    type(/Subject/, 'Loader arm drifts down once more');
    next();
    await screen.findAllByTestId('prediction-answer');
    fireEvent.click(screen.getByRole('button', { name: 'Link to Case' }));
    await screen.findByText('case page');
    await syncNow();
    await waitFor(async () =>
      expect((await db.outbox.toArray()).find((e) => e.kind === 'prediction-link')?.status).toBe(
        'needs-attention',
      ),
    );
    renderScreen(<OfflineSyncScreen />);
    expect((await screen.findByTestId('outbox-error')).textContent).toBe(
      PREDICTION_LINK_FAILED_MESSAGE,
    );
  });
});
