import './processors.jobs.js';

export { processorsRoutes } from './processors.routes.js';
