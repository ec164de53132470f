export { reportsRoutes } from './reports.routes.js';
export { explainSummary } from './reports.service.js';
export { planReportCatchUp, registerReportJobs, REPORT_CATCH_UP_JOB } from './days.jobs.js';
export { rebuildAggregates } from './days.service.js';
