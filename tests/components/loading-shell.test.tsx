import './setup-dom';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingShell } from '../../src/app/loading-shell';

afterEach(() => {
  document.head.querySelector('meta[name="application-name"]')?.remove();
});

describe('Loading shell', () => {
  it('shows the product name the gateway wrote into the page', () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Acme';
    document.head.append(meta);
    render(<LoadingShell />);
    expect(screen.getByText('Acme')).toBeTruthy();
  });

  it('says Torque when the page carries no name (the dev server)', () => {
    render(<LoadingShell />);
    expect(screen.getByText('Torque')).toBeTruthy();
  });
});
