// One use of the S3 client, made at the first request as storage-writes/cloud.ts makes its client.
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

let client: S3Client | undefined;

export async function use(): Promise<void> {
  client ??= new S3Client({});
  await client.send(new PutObjectCommand({ Bucket: process.env.FILES_BUCKET, Key: 'reference', Body: 'reference' }));
}
