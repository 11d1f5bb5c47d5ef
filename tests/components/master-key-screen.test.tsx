import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MASTER_KEY_SERIAL_DIGITS_MESSAGE,
  MASTER_KEY_SERIAL_LENGTH_MESSAGE,
  MASTER_KEY_SERIAL_REQUIRED_MESSAGE,
} from '../../contract/dcu';
import { MasterKeyScreen } from '../../src/features/dcu/master-key-screen';
import { MASTER_KEY_NEEDS_CONNECTION } from '../../src/features/dcu/use-master-key';
import { renderScreen } from './render';

let answer: () => Response | Promise<Response>;
const bodies: unknown[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  bodies.length = 0;
  answer = () => json(500, {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      bodies.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const field = () => screen.getByLabelText('DCU Module Serial Number') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });

describe('Keyless Master Password', () => {
  it('shows the rule broken as the user types and blocks Submit while it shows', () => {
    renderScreen(<MasterKeyScreen />, '/support/dcu/masterkey');
    expect(submit().disabled).toBe(false); // empty is allowed until submit
    type('12345');
    expect(screen.getByText(MASTER_KEY_SERIAL_LENGTH_MESSAGE)).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type('12345a');
    expect(screen.getByText(MASTER_KEY_SERIAL_DIGITS_MESSAGE)).toBeTruthy();
    expect(submit().disabled).toBe(true);
    type('123456789012');
    expect(screen.getByText(MASTER_KEY_SERIAL_LENGTH_MESSAGE)).toBeTruthy();
    type('123456');
    expect(screen.queryByText(MASTER_KEY_SERIAL_LENGTH_MESSAGE)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('asks for the serial when Submit is pressed on an empty field, without calling the gateway', () => {
    renderScreen(<MasterKeyScreen />, '/support/dcu/masterkey');
    fireEvent.click(submit());
    expect(screen.getByText(MASTER_KEY_SERIAL_REQUIRED_MESSAGE)).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('shows the serial and the master password; Back to Lookup Form clears them', async () => {
    answer = () =>
      json(200, { status: 'Success.', serialNumber: '1234567', masterKey: 'K7Q-19X4' });
    renderScreen(<MasterKeyScreen />, '/support/dcu/masterkey');
    type('1234567');
    fireEvent.click(submit());
    const result = await screen.findByTestId('master-key-result');
    expect(result.textContent).toContain('1234567');
    expect(screen.getByTestId('master-password').textContent).toBe('K7Q-19X4');
    expect(bodies).toEqual([{ serialNumber: '1234567' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Back to Lookup Form' }));
    expect(screen.queryByTestId('master-key-result')).toBeNull();
    expect(field().value).toBe('');
  });

  it("shows the gateway's rate-limit message", async () => {
    const limited = 'Too many master key requests. Try again in 10 minutes.';
    answer = () => json(429, { error: 'Too Many Requests', message: limited });
    renderScreen(<MasterKeyScreen />, '/support/dcu/masterkey');
    type('1234567');
    fireEvent.click(submit());
    expect((await screen.findByTestId('master-key-error')).textContent).toBe(limited);
    expect(screen.queryByTestId('master-key-result')).toBeNull();
  });

  it('says it needs a connection when the gateway cannot be reached', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderScreen(<MasterKeyScreen />, '/support/dcu/masterkey');
    type('1234567');
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('master-key-error').textContent).toBe(MASTER_KEY_NEEDS_CONNECTION),
    );
    expect(field().value).toBe('1234567');
  });
});
