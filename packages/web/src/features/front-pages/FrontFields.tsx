import { IconAlertCircle, IconEye, IconEyeOff, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

/*
 * The few form pieces of the sign-in page, drawn and labelled as Mantine's TextInput,
 * PasswordInput, Checkbox and Alert are in the staff app: a required field's label ends in " *",
 * a message below the field names it invalid (aria-invalid, aria-describedby).
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { label: string; error?: string };

/** The frame a text or password field shares: its label (" *" when required), the input, the message below it. */
function FieldFrame({ id, label, error, required, children }: { id: string; label: string; error: string | undefined; required: boolean | undefined; children: ReactNode }) {
  return (
    <div className="front-field">
      <label htmlFor={id} className="front-label">
        {label}
        {required && (
          <span className="front-required" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="front-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, required, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <input id={id} className="front-input" required={required} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
    </FieldFrame>
  );
}

/** A password with Mantine's show/hide eye: a mouse convenience outside the tab order, as there. */
export function PasswordField({ label, error, required, ...input }: InputProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} required={required}>
      <div className="front-password">
        <input
          id={id}
          className="front-input"
          type={visible ? 'text' : 'password'}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <button type="button" className="front-eye" tabIndex={-1} aria-hidden onMouseDown={(e) => e.preventDefault()} onClick={() => setVisible((v) => !v)}>
          {visible ? <IconEyeOff size={16} /> : <IconEye size={16} />}
        </button>
      </div>
    </FieldFrame>
  );
}

export function CheckboxField({ label, description, checked, onChange }: { label: string; description: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="front-checkbox">
      <input id={id} type="checkbox" checked={checked} aria-describedby={`${id}-description`} onChange={(e) => onChange(e.currentTarget.checked)} />
      <div>
        <label htmlFor={id} className="front-label">
          {label}
        </label>
        <p id={`${id}-description`} className="front-description">
          {description}
        </p>
      </div>
    </div>
  );
}

const TONES = {
  error: { Icon: IconAlertCircle, role: 'alert' },
  info: { Icon: IconInfoCircle, role: 'note' },
} as const;

/** A message inside the form: an error (announced at once) or a note. */
export function Notice({ tone, title, children }: { tone: keyof typeof TONES; title?: string; children: ReactNode }) {
  const { Icon, role } = TONES[tone];
  return (
    <div role={role} className="front-notice" data-tone={tone}>
      <Icon className="front-notice-icon" aria-hidden />
      <div>
        {title && <p className="front-notice-title">{title}</p>}
        <div className="front-notice-body">{children}</div>
      </div>
    </div>
  );
}
