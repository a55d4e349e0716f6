/* The site's one service worker is /sw.js since issue 32 (push, offline, updates). A page still
   registering this old address gets that same worker. */
importScripts('/sw.js');
