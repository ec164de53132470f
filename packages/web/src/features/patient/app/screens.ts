import type { ComponentType } from 'react';
import type { ScreenProps } from './PatientApp';
import type { PatientScreen } from './patient-routes';

type ScreenModule = { default: ComponentType<ScreenProps> };

/**
 * Each patient screen is its own chunk. The bootstrap (`src/main.tsx`) starts loading the one
 * for the path together with React, instead of after React has rendered: one round trip less
 * before a phone on a slow line shows the ticket.
 */
export const SCREEN_LOADERS: Record<PatientScreen, () => Promise<ScreenModule>> = {
  draw: () => import('../draw/DrawScreen'),
  book: () => import('../booking/BookScreen'),
  ticket: () => import('../ticket/TicketScreen'),
  appointment: () => import('../appointment/AppointmentScreen'),
  offer: () => import('../offer/OfferScreen'),
  kiosk: () => import('../kiosk/KioskScreen'),
  monitor: () => import('../monitor/MonitorScreen'),
  embed: () => import('../embed/EmbedScreen'),
};
