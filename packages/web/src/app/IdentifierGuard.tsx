import { isReservedAccountIdentifier } from '@wartefrei/shared';
import { Navigate, Outlet, useParams } from 'react-router';

/** `/backend/unknown` or `/pricing/x` would otherwise read as account "backend": those are 404s. */
export function IdentifierGuard() {
  const { account = '' } = useParams();
  if (isReservedAccountIdentifier(account)) return <Navigate to="/404" replace />;
  return <Outlet />;
}
