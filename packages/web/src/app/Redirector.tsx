import { Navigate } from 'react-router';
import { hasValidToken, useUser } from '../lib/session';

/** `/redirector`: where a returning visitor belongs — their dashboard, or the login. */
export function Redirector() {
  const user = useUser();
  return <Navigate to={hasValidToken(user) ? '/backend/dashboard' : '/login'} replace />;
}
