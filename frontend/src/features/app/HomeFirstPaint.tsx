import type { CurrentUser } from '@shared/schemas/user';
import { AppColumn } from './AppFrame';
import { BalanceCard, Greeting, ImpactCard, QuickActions } from './HomeScreen';
import { LoadingState } from './LoadingState';

/** Whose the frame is until the first paint writes the person in (home-first-paint.ts). */
const NOBODY_YET: CurrentUser = { id: '', username: '', firstName: null, lastName: null, email: null, profileImageUrl: null, createdAt: '', balance: 0, owed: 0, co2Saved: 0, bottlesSaved: 0, reserved: null };

const ignore = () => undefined;

/**
 * The frame of the app's home, prerendered once as app.html (src/prerender.tsx; docs/architecture.md, "The app
 * home's first paint"): the route's loading state, and hidden beside it the top of the home (the greeting, the balance
 * and the buttons to pay and to find a station, which wait for the app, and what the person's refills saved), which the
 * first paint fills with the signed-in person and shows.
 */
export function HomeFirstPaint() {
  return (
    <AppColumn>
      <div data-fill="frame">
        <div data-fill="loading"><LoadingState className="min-h-dvh" /></div>
        <div data-fill="home" hidden>
          <Greeting user={NOBODY_YET} ready={false} />
          <main className="space-y-4 px-4">
            <BalanceCard user={NOBODY_YET} onTopUp={ignore} ready={false} />
            <QuickActions onPay={ignore} onFind={ignore} ready={false} />
            <ImpactCard user={NOBODY_YET} />
          </main>
        </div>
      </div>
    </AppColumn>
  );
}
