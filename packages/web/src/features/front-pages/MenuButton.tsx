import './front-menu.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuEntry {
  key: string;
  label: string;
  /** A link (a full page load: the pages behind it belong to the staff app) or an action. */
  href?: string;
  onSelect?: () => void;
  icon?: ReactNode;
  lang?: string;
  current?: boolean;
}

interface MenuButtonProps {
  /** The button's accessible name. */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  /** A heading inside the open menu, as Mantine's Menu.Label. */
  heading?: string;
  entries: MenuEntry[];
}

/**
 * A header menu as the staff app's Mantine Menu behaves for keyboard and screen readers: a
 * button that opens a `menu` of `menuitem`s, arrow keys move between them, Escape closes and
 * hands the focus back to the button, a click elsewhere closes.
 */
export function MenuButton({ label, children, heading, entries }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      all[(at + move + all.length) % all.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? all[0] : all.at(-1))?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="front-menu">
      <button
        ref={buttonRef}
        type="button"
        className="front-control"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open && (
        <div ref={menuRef} id={id} role="menu" aria-label={label} className="front-menu-dropdown" onKeyDown={onMenuKey}>
          {heading && <div className="front-menu-heading">{heading}</div>}
          {entries.map((entry) =>
            entry.href ? (
              <a key={entry.key} href={entry.href} role="menuitem" tabIndex={-1} className="front-menu-item" lang={entry.lang}>
                {entry.icon}
                {entry.label}
              </a>
            ) : (
              <button
                key={entry.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="front-menu-item"
                lang={entry.lang}
                aria-current={entry.current ? 'true' : undefined}
                data-current={entry.current || undefined}
                onClick={() => {
                  close();
                  entry.onSelect?.();
                }}
              >
                {entry.icon}
                {entry.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
