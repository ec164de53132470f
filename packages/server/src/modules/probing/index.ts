export { probingRoutes } from './probing.routes.js';
export { interviewLender } from './interview.service.js';
