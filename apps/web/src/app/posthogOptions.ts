import type { PostHogConfig } from 'posthog-js';
import { scrubUrlProperties } from './scrubUrl';

/**
 * How the SPA starts posthog-js (docs/security.md, "What leaves the process"). Lumen sends the
 * events it names itself and nothing the page shows: autocapture would send the text and
 * attributes of clicked elements (emails, brand names, draft titles), and so would rage and dead
 * clicks and session replay, which a project can switch on remotely. So all of them are off here,
 * and text and attributes are masked in case any comes back on.
 */
export function posthogOptions(host: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    person_profiles: 'identified_only',
    autocapture: false,
    rageclick: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    capture_exceptions: false,
    disable_session_recording: true,
    disable_surveys: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    // Sign-in codes and tokens in the URL never reach analytics.
    before_send: (event) =>
      event ? { ...event, properties: scrubUrlProperties(event.properties) } : event,
  };
}
