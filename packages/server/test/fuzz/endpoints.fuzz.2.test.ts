import { defineEndpointFuzz } from './endpoint-fuzz.js';

// The endpoint fuzz, part 2 of 4 (endpoint-fuzz.ts says what it proves and why it is split).
await defineEndpointFuzz(2, 4);
