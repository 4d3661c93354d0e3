// What a function writing to S3 pays for the client: the S3 client and one command, nothing of ours.
import { use } from './clients/s3.ts';

export const handler = async () => {
  await use();
  return { statusCode: 204 };
};
