// The server's modules from the bottom up: a module imports only modules before it in this list
// (through their index.ts), never one after it, so the graph has no cycle. ESLint enforces it
// (eslint.config.js, `boundaries/dependencies`); docs/architecture.md#server-layers tells the
// order and why the less obvious places are where they are. A new module goes above everything
// it imports; when two modules would need each other, what needs both belongs in a module above
// them (as `archive`), or the higher one lends it at start-up (`app.ts`). Tests are not bound:
// they stand above every module, as `app.ts` does.
export const MODULE_ORDER = [
  // Leaves: they import no other module.
  'audit',
  'images',
  'countries',
  'patient-links',
  'infotags',
  'first-view',
  'health',
  'api-keys',
  // Accounts and the staff's sign-in.
  'accounts',
  'auth',
  'users',
  'system',
  'webhooks',
  'encryption',
  // Counts locations and lists from their tables, so profiles, queues and archive call it after a change.
  'billing',
  'profiles',
  'monitors',
  'routes',
  'queues',
  'reports',
  'sessions',
  'tickets',
  'schedules',
  'processors',
  'appointments',
  // Counts today's appointments beside the lines.
  'dashboard',
  // Its options point at lists, info tags and appointment types.
  'probing',
  'alerts',
  'offers',
  'fhir',
  'privacy',
  'legal',
  'demo',
  // Needs the rows of profiles and queues, ends the open session, settles appointments.
  'archive',
];
