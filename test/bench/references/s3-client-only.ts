// What a function writing to S3 pays for the client: the S3 client and one command, nothing of ours.
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const client = new S3Client({});

export const handler = async (event: { key: string; body: string }) => {
  await client.send(new PutObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: event.key, Body: event.body }));
  return { statusCode: 204 };
};
