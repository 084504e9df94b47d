/**
 * Links to pages of this site (decision 018). In the browser these are Remix's `Link` and `NavLink`: client-side
 * navigation, prefetching, route discovery. On the server they render the same anchor directly. Link resolves its
 * path against the route tree and sets up click and prefetch handlers, none of which does anything in a server
 * render: with about fifty links on a results page that was the largest share of its render, where an anchor is a
 * string. Hydration meets the same `<a>` either way (site-link.test.tsx compares the markup).
 */
import { createPath, Link, NavLink, parsePath, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * What the server renders as Link would without its help: a target given as a string, no 'render' prefetch (it
 * adds <link>s), no render functions. A path that is not absolute ("../x") is left to Link, which resolves it.
 */
type CommonProps = "prefetch" | "to" | "ref";
export type SiteLinkProps = Omit<LinkProps, CommonProps> & {
  to: string;
  prefetch?: "none" | "intent" | "viewport";
};
export type SiteNavLinkProps = Omit<
  NavLinkProps,
  CommonProps | "className" | "style" | "children" | "caseSensitive" | "aria-current"
> & {
  to: string;
  prefetch?: "none" | "intent" | "viewport";
  className?: string;
  children?: ReactNode;
};

const onServer = typeof document === "undefined";

/** The anchor's own attributes: everything but the props that steer client-side navigation. */
function anchorAttributes<P extends SiteLinkProps | SiteNavLinkProps>(props: P) {
  const {
    to,
    discover = "render",
    reloadDocument,
    prefetch: _prefetch,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    ...attributes
  } = props;
  // The href as Link writes it (an empty query or fragment dropped), and `data-discover` as Remix marks links whose
  // routes the browser discovers when they render (lazy route discovery).
  return {
    attributes,
    href: createPath(parsePath(to)),
    discover: discover === "render" && !reloadDocument ? "true" : undefined,
  };
}

function ServerLink(props: SiteLinkProps) {
  const { attributes, href, discover } = anchorAttributes(props);
  return <a {...attributes} data-discover={discover} href={href} />;
}

/** Whether a NavLink to `to` is active at `pathname`, as react-router decides it (case-insensitive, `end`). */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const location = pathname.toLowerCase();
  const target = (parsePath(to).pathname ?? to).toLowerCase();
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return location === target || (!end && location.startsWith(target) && location.charAt(endSlash) === "/");
}

function ServerNavLink(props: SiteNavLinkProps) {
  const { pathname } = useLocation();
  const { end, className, ...rest } = props;
  const { attributes, href, discover } = anchorAttributes(rest);
  const active = isActivePath(pathname, props.to, end);
  return (
    <a
      {...attributes}
      data-discover={discover}
      aria-current={active ? "page" : undefined}
      className={[className, active ? "active" : null].filter(Boolean).join(" ")}
      href={href}
    />
  );
}

const renderedDirectly = (to: string) => onServer && to.startsWith("/") && !to.startsWith("//");

export function SiteLink(props: SiteLinkProps) {
  return renderedDirectly(props.to) ? <ServerLink {...props} /> : <Link {...props} />;
}

export function SiteNavLink(props: SiteNavLinkProps) {
  return renderedDirectly(props.to) ? <ServerNavLink {...props} /> : <NavLink {...props} />;
}
