import { useEffect, useRef, type ReactNode } from "react";

/**
 * A booking's outcome as the page's heading, focused when it appears: after "Book" (a client-side navigation with
 * JavaScript) focus would otherwise stay on the body, and a screen reader would not say the booking worked. Each
 * state has its own heading, so a change of state (checking → confirmed) focuses the new one.
 */
export function OutcomeHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h1 ref={heading} tabIndex={-1} className="outcome-heading">
      {children}
    </h1>
  );
}
