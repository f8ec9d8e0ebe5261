// The apps' routing (wouter underneath): what screens and apps import instead of a router of their own.
export {
  Link,
  type LinkProps,
  Navigate,
  type NavigateFunction,
  resolveTo,
  type To,
  useNavigate,
  useParams,
} from './links.tsx';
export { isActivePath, NavLink, type NavLinkProps } from './nav-link.tsx';
export {
  type AppLocation,
  AppRouter,
  type AppRouterProps,
  historyIndex,
  matchPath,
  matchRoutes,
  type NavigateOptions,
  type RouteEntry,
  type RouteParams,
  Routes,
  routePattern,
  useLocation,
} from './router.tsx';
export { useHref, useSearchParams } from './screen-hooks.ts';
