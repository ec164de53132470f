/** What each route tells the frame: its screen, title (key in common:routes), icon and rules. */
export interface RouteHandle {
  /** Stable name of the screen this route shows (tests and the header use it). */
  screen: string;
  /** Key under `common:routes` for the document title and the header. */
  title: string;
  /** Icon name for the header's page title (see PageIcon). */
  icon?: string;
  /** Admins only: others see the permission message. */
  admin?: boolean;
  /** The side menu is hidden (onboarding). */
  hideSideMenu?: boolean;
}

/** The handle of the deepest matched route that has one. */
export function currentHandle(matches: readonly { handle?: unknown }[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.screen) return handle;
  }
  return undefined;
}
