import { html, page } from '../html/page';

export interface LoginPageInput {
  productName: string;
  /** Where the form posts: the interaction's login action. */
  action: string;
  email: string;
  error: string | null;
}

/** The embedded provider's sign-in page. Labels "Email"/"Password" and "Sign in" are relied on by e2e. */
export function loginPage(input: LoginPageInput): string {
  return page(
    'Sign in',
    input.productName,
    html`<h1>Sign in to continue</h1>
      ${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
      <form method="post" action="${input.action}" autocomplete="on">
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="username"
          required
          value="${input.email}"
          ${input.email ? '' : 'autofocus'}
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          ${input.email ? 'autofocus' : ''}
        />
        <button type="submit">Sign in</button>
      </form>
      <p class="note">Demo installs: see the gateway's start-up output for the demo accounts.</p>`,
  );
}
