import type { DashboardQueue } from '@wartefrei/shared';
import { api } from '../../lib/api';

/** The caller's queues with their figures: admins every queue of the account, processors their assigned ones. */
export const fetchDashboard = () => api.get<DashboardQueue[]>('/dashboard');
