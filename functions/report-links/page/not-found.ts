/**
 * The one page for every token that opens nothing: unknown, expired or revoked alike
 * (docs/decisions.md "Report links"), so the answer says nothing about which. Fixed text, made once.
 */
import { STYLES } from './styles.ts';

export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Report not found</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<h1>Report not found</h1>
<p>This report link is not valid: it may have expired or been revoked. Ask whoever sent it for a new one.</p>
</main>
</body>
</html>
`;
