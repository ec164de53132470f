import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadTexts } from './front-i18n';
import { FrontFrame } from './FrontFrame';
import { FrontLoginPage } from './FrontLoginPage';

beforeAll(async () => {
  await loadTexts(['common', 'auth', 'server']);
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function openLogin(search = '', state: unknown = null) {
  window.history.replaceState(state, '', `/login${search}`);
  render(
    <FrontFrame page="login" namespaces={['common', 'auth', 'server']}>
      <FrontLoginPage />
    </FrontFrame>,
  );
}

describe('the light sign-in page', () => {
  it('names empty fields in German before anything is sent, and puts the focus on the first', async () => {
    openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail-Adresse darf nicht leer sein')).toBeTruthy();
    expect(screen.getByText('Passwort darf nicht leer sein')).toBeTruthy();
    const username = screen.getByRole('textbox', { name: /^E-Mail-Adresse/ });
    expect(username.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(username));
  });

  it('clears a field’s message once it is edited', async () => {
    openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await screen.findByText('E-Mail-Adresse darf nicht leer sein');
    fireEvent.change(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }), { target: { value: 'a@b.example' } });
    expect(screen.queryByText('E-Mail-Adresse darf nicht leer sein')).toBeNull();
    expect(screen.getByText('Passwort darf nicht leer sein')).toBeTruthy();
  });

  it('asks to sign in first after an expired session, and keeps the address a staff page handed over', () => {
    openLogin('?expired=1&next=%2Fbackend%2Fprofile', { usr: { username: 'paula@praxis.example' }, key: 'k', idx: 1 });
    expect(screen.getByText('Bitte melden Sie sich zuerst an.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^E-Mail-Adresse/ }).value).toBe('paula@praxis.example');
    // "Passwort vergessen?" keeps the query, as the staff page's link does.
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe('/passwordReset?expired=1&next=%2Fbackend%2Fprofile');
  });

  it('names the page in the document title and links the trial', () => {
    openLogin();
    expect(document.title).toBe('wartefrei – Anmelden');
    expect(screen.getByRole('link', { name: '14 Tage kostenlos testen' }).getAttribute('href')).toBe('/signup');
  });
});
