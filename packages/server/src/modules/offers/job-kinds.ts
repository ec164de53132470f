import { registerJobHandler } from '../../platform/jobs/index.js';
import { endRound } from './expiry.js';
import { ExpiryPayload, OFFER_EXPIRY_JOB, OFFER_ROUND_JOB, OFFER_SCAN_JOB, OFFER_SEND_JOB, RoundPayload, ScanPayload, SendPayload } from './jobs.js';
import { runRound } from './round.js';
import { scanStretch } from './scan.js';
import { sendOffer } from './send.js';

/** The offers' job kinds; app.ts calls this when it builds the app. */
export function registerOfferJobs(): void {
  registerJobHandler(OFFER_ROUND_JOB, runRound, RoundPayload);
  registerJobHandler(OFFER_SEND_JOB, sendOffer, SendPayload);
  registerJobHandler(OFFER_EXPIRY_JOB, endRound, ExpiryPayload);
  registerJobHandler(OFFER_SCAN_JOB, scanStretch, ScanPayload);
}
