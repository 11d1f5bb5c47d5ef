import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingShell } from './loading-shell';
import { RouteError } from './route-error';

interface Props {
  children: ReactNode;
  /** The path shown; moving to another clears the error, as a data router's navigation does. */
  path: string;
}

class Boundary extends Component<Props, { error: unknown; path: string | null }> {
  override state = { error: undefined as unknown, path: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; path: string | null }) {
    if (state.path === props.path) return null;
    return { error: state.path === null ? state.error : undefined, path: props.path };
  }

  override render() {
    if (this.state.error !== undefined) return <RouteError error={this.state.error} />;
    return this.props.children;
  }
}

/**
 * The routes' error screen and their loading state: a screen whose code failed to load or that
 * threw shows RouteError; while the first screen's code loads, the prerendered shell stays.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary path={pathname}>
      <Suspense fallback={<LoadingShell />}>{children}</Suspense>
    </Boundary>
  );
}
