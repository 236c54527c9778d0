import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';
const IMAGE_FILTER_MODULE = '/usr/lib/nginx/modules/ngx_http_image_filter_module.so';

export function nginxAvailable(): boolean {
  return existsSync(NGINX) && existsSync(IMAGE_FILTER_MODULE);
}

export interface NginxPeer {
  /** `image_filter` resizing to 512 px wide at quality 75: a baseline JPEG. */
  resizedUrl: string;
  /** The same, interlaced (`image_filter_interlace on`): a progressive JPEG. */
  progressiveUrl: string;
  /** `staticBytes` as a static file: what a cache hit is compared with. */
  staticUrl: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx with `image_filter` resizing `imageFile` to 512 px wide at quality 75 on every
 * request, and serving `staticBytes` as a plain file: the peer the delivery figures are compared
 * with. One worker process, like the one Darkroom process it is set against.
 */
export async function startNginxPeer(options: {
  workDir: string;
  imageFile: string;
  staticBytes: Buffer;
  port: number;
}): Promise<NginxPeer> {
  const { workDir, port } = options;
  mkdirSync(join(workDir, 'html'), { recursive: true });
  mkdirSync(join(workDir, 'logs'), { recursive: true });
  copyFileSync(options.imageFile, join(workDir, 'html', 'image.jpg'));
  writeFileSync(join(workDir, 'html', 'hit.jpg'), options.staticBytes);
  // nginx workers drop to an unprivileged user when started as root: let them read the files.
  for (const path of [workDir, join(workDir, 'html')]) chmodSync(path, 0o755);
  for (const name of ['image.jpg', 'hit.jpg']) chmodSync(join(workDir, 'html', name), 0o644);
  const config = `
load_module ${IMAGE_FILTER_MODULE};
worker_processes 1;
daemon off;
master_process on;
pid ${join(workDir, 'nginx.pid')};
error_log ${join(workDir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(workDir, 'tmp-body')};
  proxy_temp_path ${join(workDir, 'tmp-proxy')};
  fastcgi_temp_path ${join(workDir, 'tmp-fastcgi')};
  uwsgi_temp_path ${join(workDir, 'tmp-uwsgi')};
  scgi_temp_path ${join(workDir, 'tmp-scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${join(workDir, 'html')};
    location /resized/ {
      alias ${join(workDir, 'html')}/;
      image_filter resize 512 -;
      image_filter_jpeg_quality 75;
      image_filter_buffer 20M;
    }
    location /progressive/ {
      alias ${join(workDir, 'html')}/;
      image_filter resize 512 -;
      image_filter_jpeg_quality 75;
      image_filter_interlace on;
      image_filter_buffer 20M;
    }
    location /static/ {
      alias ${join(workDir, 'html')}/;
      sendfile on;
      tcp_nopush on;
    }
  }
}
`;
  const configFile = join(workDir, 'nginx.conf');
  writeFileSync(configFile, config);
  const check = spawnSync(NGINX, ['-t', '-c', configFile, '-p', workDir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-c', configFile, '-p', workDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/resized/image.jpg`;
  let lastStatus = 'no answer';
  for (let attempt = 0; attempt < 100 && lastStatus !== '200'; attempt += 1) {
    try {
      lastStatus = String((await fetch(url)).status);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (lastStatus !== '200') {
    child.kill('SIGQUIT');
    throw new Error(`nginx image_filter peer answered ${lastStatus}; see ${workDir}/logs`);
  }
  return {
    resizedUrl: url,
    progressiveUrl: `${base}/progressive/image.jpg`,
    staticUrl: `${base}/static/hit.jpg`,
    stop: async () => {
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
