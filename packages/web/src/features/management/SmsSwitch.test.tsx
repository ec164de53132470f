import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n';
import { SmsSwitch } from './SmsSwitch';

beforeAll(async () => {
  await initI18n();
});

const show = (smsEnabled: boolean | undefined, checked = true) =>
  render(
    <MantineProvider theme={theme}>
      <SmsSwitch label="Benachrichtigung per SMS erlauben" checked={checked} onChange={() => undefined} smsEnabled={smsEnabled} />
    </MantineProvider>,
  );

// A list's SMS switch on a server without SMS_URL: no SMS would ever leave, so it cannot be switched on.
describe('the SMS switch of a list', () => {
  it('is disabled, shown off, and says why where the server sends no SMS', () => {
    show(false);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Benachrichtigung per SMS erlauben' });
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
    // The reason is the switch's description, read out with it.
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Dieser Server hat keinen SMS-Versand eingerichtet');
  });

  it('works where the server sends SMS', () => {
    show(true);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Benachrichtigung per SMS erlauben' });
    expect(box.disabled).toBe(false);
    expect(box.checked).toBe(true);
    expect(screen.queryByText('Dieser Server hat keinen SMS-Versand eingerichtet')).toBeNull();
  });
});
