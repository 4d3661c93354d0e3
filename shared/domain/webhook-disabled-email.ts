/**
 * The email an organization's owners get when the service disables one of its webhook endpoints
 * after 3 days of failed deliveries (docs/webhooks.md). The organization's name and the URL are user text:
 * quoted in the body only, never in the subject (which reads as the service's own, as the
 * invitation's does).
 */
export function webhookDisabledEmail(input: { organizationName: string; url: string; failingSince: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: 'A webhook endpoint of your organization was disabled',
    text: [
      `Deliveries to the webhook endpoint ${input.url} of "${input.organizationName}" have failed since ${input.failingSince}, so it has been disabled.`,
      '',
      'Its delivery log (GET /v1/webhooks/endpoints/:id/deliveries) shows each attempt. Once the endpoint answers again,',
      're-enable it (PATCH /v1/webhooks/endpoints/:id with {"enabled": true}) and replay what it missed',
      '(POST /v1/webhooks/deliveries/:id/replay).',
    ].join('\n'),
  };
}
