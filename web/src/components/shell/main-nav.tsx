import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '@web/auth/session-context';
import { navigationFor, type NavItem, type NavMenu } from '@web/components/shell/nav-items';

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <path d="M2 4.5h14M2 9h14M2 13.5h14" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}

/** A link of a dropdown, marked as the current page when it is. */
function MenuLink({ item, pathname }: { item: NavItem; pathname: string }) {
  return (
    <DropdownMenu.Item className="menu-item" asChild>
      <Link to={item.to} aria-current={item.to === pathname ? 'page' : undefined}>
        {item.label}
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * Radix gives focus back to a menu's trigger whenever the menu closes. After a page was opened from
 * it with the mouse, that left a focus ring on the trigger (QA: a thin, half-drawn blue line under
 * Admin). Focus goes back only when the menu was closed with the keyboard (Escape, or Enter on an
 * item), where the ring shows a keyboard user where they are; spread these on the menu's Content.
 */
function useFocusBackOnKeyboardClose() {
  const byKeyboard = useRef(false);
  return {
    // Escape is heard on the document before the menu's own keydown, so it is marked on its own.
    onEscapeKeyDown: () => {
      byKeyboard.current = true;
    },
    onKeyDownCapture: () => {
      byKeyboard.current = true;
    },
    onPointerDown: () => {
      byKeyboard.current = false;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!byKeyboard.current) {
        event.preventDefault();
      }
      byKeyboard.current = false;
    },
  };
}

/** The dropdown of the wide bar: Admin for ADMIN, Budget Tools for FINANCE. */
function NavDropdown({ menu }: { menu: NavMenu }) {
  const { pathname } = useLocation();
  const active = menu.items.some((item) => item.to === pathname);
  const focusBack = useFocusBackOnKeyboardClose();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="nav-trigger" data-active={active}>
        {menu.label}
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="start" sideOffset={4} {...focusBack}>
          {menu.items.map((item) => (
            <MenuLink key={item.to} item={item} pathname={pathname} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The narrow screens' navigation: one Menu button opening every link, the dropdown's as a group. */
function CollapsedNav({ links, menu }: { links: NavItem[]; menu: NavMenu | null }) {
  const { pathname } = useLocation();
  const focusBack = useFocusBackOnKeyboardClose();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="nav-trigger nav-menu-button">
        <MenuIcon />
        Menu
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu-content nav-menu-content"
          align="start"
          sideOffset={4}
          {...focusBack}
        >
          {links.map((item) => (
            <MenuLink key={item.to} item={item} pathname={pathname} />
          ))}
          {menu ? (
            <>
              <DropdownMenu.Separator className="menu-separator" />
              <DropdownMenu.Group aria-label={menu.label}>
                <DropdownMenu.Label className="menu-label menu-label--group">{menu.label}</DropdownMenu.Label>
                {menu.items.map((item) => (
                  <MenuLink key={item.to} item={item} pathname={pathname} />
                ))}
              </DropdownMenu.Group>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The navigation bar: the links and dropdown the user's role may open (see navigationFor). Below
 * the 'narrow' breakpoint (layout.css) the bar collapses into one Menu button.
 */
export function MainNav() {
  const { user } = useSession();
  const { links, menu } = navigationFor(user?.role);
  return (
    <nav className="app-nav" aria-label="Main">
      <div className="app-nav__inner">
        <div className="app-nav__wide">
          <ul className="app-nav__list">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {menu ? <NavDropdown menu={menu} /> : null}
        </div>
        <div className="app-nav__narrow">
          <CollapsedNav links={links} menu={menu} />
        </div>
      </div>
    </nav>
  );
}
