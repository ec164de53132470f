import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@wartefrei/shared';
import { loadTexts } from './front-i18n';
import { FrontSecondStep } from './FrontSecondStep';

beforeAll(async () => {
  await loadTexts(['common', 'auth', 'server']);
});

const step = (kinds: ApiError['kinds']): ApiError => ({ statusCode: 401, code: 'SECOND_FACTOR_REQUIRED', message: '', challenge: 'c', kinds });

describe('the second step of a sign-in (light page)', () => {
  it('asks for the app’s code as a one-time code, and switches to a recovery code', () => {
    render(<FrontSecondStep step={step(['TOTP', 'RECOVERY_CODE'])} onSignedIn={() => undefined} onRestart={() => undefined} />);
    const code = screen.getByRole('textbox', { name: 'Code aus der App' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByRole('button', { name: 'Passkey verwenden' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    expect(screen.getByRole('textbox', { name: 'Wiederherstellungscode' }).getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('button', { name: 'Code aus der App verwenden' })).toBeTruthy();
  });

  it('offers the passkey where the user has one', () => {
    render(<FrontSecondStep step={step(['PASSKEY', 'RECOVERY_CODE'])} onSignedIn={() => undefined} onRestart={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Passkey verwenden' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Wiederherstellungscode' })).toBeTruthy();
  });
});
