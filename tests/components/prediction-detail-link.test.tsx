import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { caseListResponseSchema } from '../../contract/cases';
import { predictionSchema } from '../../contract/predictions';
import { db } from '../../src/db/db';
import { PredictionDetailScreen } from '../../src/features/predictions/prediction-detail-screen';
import {
  LINK_CASE_LABEL,
  LINK_TO_CASE,
  NO_KEPT_CASES,
} from '../../src/features/predictions/prediction-case';
import { refreshPrediction } from '../../src/sync/predictions';
import { WAITING_TO_SEND } from '../../src/sync/queued-cases';
import { listPage, listRow } from './case-fixtures';
import { prediction } from './prediction-fixtures';
import { signedInTestbed } from './prediction-testbed';
import { makeUser, renderScreen } from './render';

/*
 * product §2 Prediction detail: a prediction linked to no case is linked from its detail to a
 * case the device keeps (its machine's first), through the outbox, shown at once.
 */

vi.setConfig({ testTimeout: 20_000 });
const user = makeUser();
const bed = signedInTestbed(user);

const unlinked = prediction({ id: 'p-9', name: 'PPD-000009' });
const otherMachine = listRow(1, { lastActivityAt: '2026-11-25T10:00:00Z' });
const sameMachine = listRow(3, {
  modelNumber: 'M7-172',
  serialNumber: '52016',
  subject: 'Pump whines under load',
});
const report = listRow(6, { modelNumber: 'M7-172', serialNumber: '52016', recordType: 'Report' });

async function keep(cases = [otherMachine, sameMachine, report]) {
  await db.predictions.put({
    ownerUserId: user.id,
    id: unlinked.id,
    prediction: unlinked,
    pending: false,
    syncedAt: Date.now(),
  });
  await db.caseLists.put({
    ownerUserId: user.id,
    key: 'dealer',
    cases,
    total: cases.length,
    complete: true,
    syncedAt: Date.now(),
  });
}

const open = () =>
  renderScreen(
    <Routes>
      <Route path="/support/prediction/:id" element={<PredictionDetailScreen />} />
    </Routes>,
    `/support/prediction/${unlinked.id}`,
  );

describe('Link to Case on the prediction detail', () => {
  it("offline, lists the machine's cases first, links the chosen one at once, waiting to send", async () => {
    await keep();
    bed.online = false;
    open();
    fireEvent.click(await screen.findByLabelText(LINK_CASE_LABEL, { selector: 'input' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      `${sameMachine.caseNumber} · Pump whines under load`,
      `${otherMachine.caseNumber} · ${otherMachine.subject}`,
    ]);
    fireEvent.click(options[0]!);
    fireEvent.click(screen.getByRole('button', { name: LINK_TO_CASE }));

    const link = await screen.findByRole('link', { name: sameMachine.caseNumber });
    expect(link.getAttribute('href')).toBe(`/support/case/${sameMachine.id}`);
    expect(link.parentElement?.textContent).toMatch(/^Case: \d{8}/);
    expect((await within(link.parentElement!).findByRole('status')).textContent).toContain(
      WAITING_TO_SEND,
    );
    expect(screen.queryByRole('button', { name: LINK_TO_CASE })).toBeNull();
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: 'prediction-link',
      payload: { predictionId: unlinked.id, caseId: sameMachine.id },
      summary: `Link prediction to case ${sameMachine.caseNumber}`,
    });
    expect(bed.gateway.requests).toHaveLength(0);
  });

  it('says so when the device keeps no case, and reads the dealer list again online', async () => {
    await keep([]);
    bed.online = false;
    const first = open();
    expect(await screen.findByText(NO_KEPT_CASES)).toBeTruthy();
    first.unmount();
    bed.online = true;
    bed.gateway
      .on('GET', `/api/v1/predictions/${unlinked.id}`, predictionSchema, () => unlinked)
      .on('GET', '/api/v1/cases', caseListResponseSchema, () => listPage([sameMachine]));
    open();
    fireEvent.click(await screen.findByLabelText(LINK_CASE_LABEL, { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      `${sameMachine.caseNumber} · Pump whines under load`,
    ]);
  });

  it('a read of the prediction keeps a link the gateway has not received yet', async () => {
    await keep();
    bed.online = false;
    open();
    fireEvent.click(await screen.findByLabelText(LINK_CASE_LABEL, { selector: 'input' }));
    fireEvent.click((await screen.findAllByRole('option'))[0]!);
    fireEvent.click(screen.getByRole('button', { name: LINK_TO_CASE }));
    await screen.findByRole('link', { name: sameMachine.caseNumber });

    // The gateway still answers "no case": the outbox has not sent the link.
    bed.online = true;
    bed.gateway.on('GET', `/api/v1/predictions/${unlinked.id}`, predictionSchema, () => ({
      ...unlinked,
      symptom: 'read again',
    }));
    expect(await refreshPrediction(user.id, unlinked.id)).toEqual({ status: 'ok' });
    const row = await db.predictions.get([user.id, unlinked.id]);
    expect(row?.prediction).toMatchObject({
      symptom: 'read again',
      caseId: sameMachine.id,
      caseNumber: sameMachine.caseNumber,
    });
    // Once sent, the gateway's answer is the record again.
    await db.outbox.toCollection().modify({ status: 'done' });
    await refreshPrediction(user.id, unlinked.id);
    await waitFor(async () =>
      expect((await db.predictions.get([user.id, unlinked.id]))?.prediction.caseId).toBeNull(),
    );
  });

  it('a read that was out while the link was sent does not put back "no case"', async () => {
    await keep();
    bed.gateway.on('GET', `/api/v1/predictions/${unlinked.id}`, predictionSchema, async () => {
      // The link's answer arrives and is stored while this read is on its way.
      await db.predictions.put({
        ownerUserId: user.id,
        id: unlinked.id,
        prediction: { ...unlinked, caseId: sameMachine.id, caseNumber: sameMachine.caseNumber },
        pending: false,
        syncedAt: Date.now(),
      });
      return unlinked;
    });
    expect(await refreshPrediction(user.id, unlinked.id)).toEqual({ status: 'ok' });
    expect((await db.predictions.get([user.id, unlinked.id]))?.prediction.caseId).toBe(
      sameMachine.id,
    );
  });
});
