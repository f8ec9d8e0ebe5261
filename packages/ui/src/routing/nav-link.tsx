import { Link, type LinkProps } from './links.tsx';
import { useLocation } from './router.tsx';

// Apart from links.tsx so that only the chunk with the tabs (app-nav) carries it, not the first download.

/** Whether `pathname` is `to` or under it (`end`: only `to` itself), case-insensitively, as tabs show it. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  // A `to` with a trailing slash is under itself at that slash.
  const boundary = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(boundary) === '/');
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only at `to` itself, not under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A link that knows whether it is the current page: `aria-current="page"` and `className({ isActive })`. */
export function NavLink({ to, end = false, className, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = typeof to === 'string' ? (to.split(/[?#]/)[0] ?? '') : (to.pathname ?? pathname);
  const isActive = isActivePath(pathname, target || pathname, end);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
