import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ManualsResponse, SearchResult } from '../../contract/knowledge';
import type { MachineDetail } from '../../contract/machines';
import { db } from '../../src/db/db';
import { MachineDetailScreen } from '../../src/features/machines/machine-detail-screen';
import { machineRowOf } from '../../src/sync/machines';

/** The machine detail screen at machine 1 of the fixtures, as the documents' tests open it. */
export function openMachine(path = '/support/machine/details/sn-52016/mn-M7-172') {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/support/machine/details/:param1/:param2?/:param3?"
            element={<MachineDetailScreen />}
          />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

export function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export async function storeMachine(userId: string, detail: MachineDetail, syncedAt = Date.now()) {
  await db.machines.put(machineRowOf(userId, detail, syncedAt));
}

/** A stubbed gateway answering the machine and knowledge endpoints in the contract's shapes. */
export function documentsGateway(answers: {
  machine: MachineDetail;
  bulletins?: Record<string, SearchResult[]>;
  manuals?: Record<string, ManualsResponse>;
}) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://torque.test');
    switch (url.pathname) {
      case '/api/v1/machines/lookup':
        return json(200, { machine: answers.machine });
      case '/api/v1/machines/cases':
        return json(200, { records: [] });
      case '/api/v1/knowledge/bulletins':
        return json(200, {
          results: answers.bulletins?.[url.searchParams.get('campaign') ?? ''] ?? [],
        });
      case '/api/v1/knowledge/manuals': {
        const found = answers.manuals?.[url.searchParams.get('model') ?? ''];
        return found ? json(200, found) : json(404, { error: 'Not Found', message: 'No model' });
      }
    }
    return json(404, { error: 'Not Found', message: 'Not stubbed' });
  };
}

/** How many requests went to a path. */
export function fetchCount(fetchMock: { mock: { calls: unknown[][] } }, path: string): number {
  return fetchMock.mock.calls.filter(([u]) => String(u).startsWith(path)).length;
}
