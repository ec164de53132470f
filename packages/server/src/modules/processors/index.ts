export { processorsRoutes } from './processors.routes.js';
export { registerProcessorJobs } from './processors.jobs.js';
