import type { ViewConfiguration, WorkViewPart, WorkViewRole } from '@wartefrei/shared';

/** The configuration with one switch changed; the rest, and the object given, stay as they are. */
export function withSwitch(config: ViewConfiguration, role: WorkViewRole, part: WorkViewPart, name: string, shown: boolean): ViewConfiguration {
  return { ...config, [role]: { ...config[role], [part]: { ...config[role][part], [name]: shown } } };
}
