/**
 * The end of every Lumen Slack message: an "Open in Lumen" button when there is a page to open,
 * then a context line naming the event (docs/notifications.md, "Slack").
 */
export function slackFooter(link: string | null, context: string): Record<string, unknown>[] {
  return [
    ...(link
      ? [
          {
            type: 'actions',
            elements: [
              { type: 'button', text: { type: 'plain_text', text: 'Open in Lumen' }, url: link },
            ],
          },
        ]
      : []),
    { type: 'context', elements: [{ type: 'mrkdwn', text: context }] },
  ];
}
