import { useEffect } from 'react';
import { Navigate, useRouteError } from 'react-router';

/** A routing error (a chunk that failed to load, a page that threw) ends at /404, never blank. */
export function RouteErrorRedirect() {
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  return <Navigate to="/404" replace />;
}
