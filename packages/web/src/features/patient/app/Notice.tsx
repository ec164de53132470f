import type { ReactNode } from 'react';

/** A patient page's whole message when there is nothing else to show (invalid link, not found, offline), with an optional action. */
export function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </>
  );
}
