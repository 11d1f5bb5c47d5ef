import './auth.css';
import type { ReactNode } from 'react';

/** The frame of /login and /logout: a plain bar, no navigation (product §2). */
export function AuthPage({ productName, children }: { productName: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <header className="auth-bar">{productName}</header>
      <main className="auth-body">{children}</main>
    </div>
  );
}
