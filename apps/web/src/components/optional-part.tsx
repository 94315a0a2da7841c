import { Component, type ReactNode } from 'react';

/**
 * A part of the screen the app works without (a sync badge, an offline notice): when it fails
 * to load or to draw — its code not downloaded yet when the network went away — it shows
 * nothing and says why in the console, rather than taking the whole page down with it.
 */
export class OptionalPart extends Component<
  { name: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.name} could not be shown`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
