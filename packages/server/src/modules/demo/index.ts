export { seedDemoIfEmpty, DEMO_LOGINS } from './seed-demo.js';
