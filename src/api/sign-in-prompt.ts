import { SignInRequiredError } from './errors';

/**
 * "Sign-in needed": raised when a 401 could not be fixed silently. The shell shows it as a
 * modal over the current screen; the request that hit the 401 waits for the answer, so the
 * screen keeps what the user typed (product §4: a 401 is handled without leaving the screen).
 */
type Listener = () => void;

interface Pending {
  resolve: (idToken: string) => void;
  reject: (error: Error) => void;
}

let pending: Pending | null = null;
let waiting: Promise<string> | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

export const signInPrompt = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isOpen(): boolean {
    return pending !== null;
  },
  /** Opens the prompt (once for any number of callers) and resolves with the new ID token. */
  request(): Promise<string> {
    waiting ??= new Promise<string>((resolve, reject) => {
      pending = { resolve, reject };
      emit();
    }).finally(() => {
      pending = null;
      waiting = null;
      emit();
    });
    return waiting;
  },
  resolve(idToken: string): void {
    pending?.resolve(idToken);
  },
  dismiss(): void {
    pending?.reject(new SignInRequiredError());
  },
};
