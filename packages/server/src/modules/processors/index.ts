export { processorsRoutes } from './processors.routes.js';
export { registerProcessorJobs } from './processors.jobs.js';
export { deactivateProcessor, findProcessor } from './processors.repo.js';
