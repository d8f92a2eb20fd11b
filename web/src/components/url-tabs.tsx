import * as Tabs from '@radix-ui/react-tabs';
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** One tab: its `tab` query parameter value, its label, and what it shows. */
export interface UrlTab<P> {
  value: string;
  label: string;
  Component: ComponentType<P>;
}

/**
 * A screen's tabs in a card, the open one kept in `?tab=` so a link can open it (the first tab
 * when the address names none it knows). Choosing a tab replaces the history entry and keeps the
 * address's other parameters.
 */
export function UrlTabs<P extends object>({
  tabs,
  label,
  className,
  tabProps,
  onTabChange,
  children,
}: {
  tabs: readonly UrlTab<P>[];
  /** The tab list's accessible name. */
  label: string;
  /** A class for the card, besides `card`. */
  className?: string;
  /** What every tab's component is given. */
  tabProps?: P;
  /** Called before the address changes to the chosen tab. */
  onTabChange?: () => void;
  /** Shown between the tab list and the open tab (messages every tab shares). */
  children?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.find((t) => t.value === requested)?.value ?? tabs[0]?.value;
  const choose = (tab: string) => {
    onTabChange?.();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <section className={className ? `card ${className}` : 'card'}>
      <Tabs.Root value={current} onValueChange={choose}>
        <Tabs.List className="tabs-list" aria-label={label}>
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} className="tabs-trigger" value={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {children}
        {tabs.map(({ value, Component }) => (
          <Tabs.Content key={value} value={value}>
            <Component {...(tabProps as P)} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
