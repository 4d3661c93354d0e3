// The floor: a Lambda handler that imports nothing.
export const handler = async () => ({ statusCode: 200, body: '{}' });
