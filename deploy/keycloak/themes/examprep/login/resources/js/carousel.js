/*
 * examprep login theme: preview carousel (learner spec §2, §9: 4 images, one every 2.5 s) and
 * its 'NEW <product name> Resources' modal. Vanilla JS, no inline handlers (CSP-friendly).
 *
 * Rotation runs only while nobody is looking at it closely: it pauses while the pointer is over
 * the carousel, while keyboard focus is inside it (until the play button is pressed), while the
 * modal is open and while the tab is hidden; the pause/play button stops it for good. With
 * prefers-reduced-motion it starts paused and slides change without animation.
 * Without JavaScript the previews stay a grid of links to the images (see carousel.ftl).
 */
(function () {
  'use strict';

  var root = document.getElementById('ep-carousel');
  if (!root) return;

  var track = root.querySelector('.ep-carousel__track');
  var slides = Array.prototype.slice.call(root.querySelectorAll('.ep-carousel__slide'));
  var links = Array.prototype.slice.call(root.querySelectorAll('[data-carousel-open]'));
  var dots = Array.prototype.slice.call(root.querySelectorAll('[data-carousel-dot]'));
  var nav = root.querySelector('[data-carousel-nav]');
  var toggle = root.querySelector('[data-carousel-toggle]');
  var prev = root.querySelector('[data-carousel-prev]');
  var next = root.querySelector('[data-carousel-next]');
  var count = slides.length;
  if (!track || count === 0) return;

  var interval = parseInt(root.dataset.interval, 10) || 2500;
  var reducedMotion = window.matchMedia
    ? window.matchMedia('(prefers-reduced-motion: reduce)')
    : null;

  var index = 0;
  var timer = null;
  var userPaused = !!(reducedMotion && reducedMotion.matches);
  var hoverPaused = false;
  var focusPaused = false;
  var modalOpen = false;

  function running() {
    return (
      count > 1 && !userPaused && !hoverPaused && !focusPaused && !modalOpen && !document.hidden
    );
  }

  function show(i) {
    index = ((i % count) + count) % count;
    track.style.transform = 'translateX(' + -100 * index + '%)';
    slides.forEach(function (slide, k) {
      var active = k === index;
      slide.setAttribute('aria-hidden', active ? 'false' : 'true');
      if (active) slide.removeAttribute('inert');
      else slide.setAttribute('inert', '');
      var link = slide.querySelector('[data-carousel-open]');
      if (link) link.tabIndex = active ? 0 : -1;
    });
    dots.forEach(function (dot, k) {
      if (k === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
  }

  function update() {
    window.clearTimeout(timer);
    timer = null;
    if (running()) {
      timer = window.setTimeout(function () {
        show(index + 1);
        update();
      }, interval);
    }
    root.dataset.state = userPaused ? 'paused' : 'playing';
    if (toggle) {
      toggle.setAttribute(
        'aria-label',
        userPaused ? root.dataset.labelPlay : root.dataset.labelPause,
      );
    }
    // announce slide changes only when they are not automatic (WAI-ARIA carousel pattern)
    track.setAttribute('aria-live', running() ? 'off' : 'polite');
  }

  // ---- controls ----
  if (prev)
    prev.addEventListener('click', function () {
      show(index - 1);
      update();
    });
  if (next)
    next.addEventListener('click', function () {
      show(index + 1);
      update();
    });
  dots.forEach(function (dot) {
    dot.addEventListener('click', function () {
      show(parseInt(dot.getAttribute('data-carousel-dot'), 10) || 0);
      update();
    });
  });
  if (toggle) {
    toggle.addEventListener('click', function () {
      userPaused = !userPaused;
      if (!userPaused) {
        // an explicit "play" wins over the focus/hover pause until focus/pointer come back
        focusPaused = false;
        hoverPaused = false;
      }
      update();
    });
  }

  // ---- automatic pauses ----
  root.addEventListener('mouseenter', function () {
    hoverPaused = true;
    update();
  });
  root.addEventListener('mouseleave', function () {
    hoverPaused = false;
    update();
  });
  root.addEventListener('focusin', function (event) {
    if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
      focusPaused = true;
      update();
    }
  });
  root.addEventListener('focusout', function (event) {
    if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
      // focus going into the modal keeps the carousel paused through modalOpen
      focusPaused = false;
      update();
    }
  });
  document.addEventListener('visibilitychange', update);
  if (reducedMotion) {
    var onMotionChange = function (event) {
      if (event.matches) userPaused = true;
      update();
    };
    if (reducedMotion.addEventListener) reducedMotion.addEventListener('change', onMotionChange);
    else if (reducedMotion.addListener) reducedMotion.addListener(onMotionChange);
  }

  // ---- swipe on touch screens ----
  var touchX = null;
  track.addEventListener(
    'touchstart',
    function (event) {
      touchX = event.touches.length === 1 ? event.touches[0].clientX : null;
    },
    { passive: true },
  );
  track.addEventListener(
    'touchend',
    function (event) {
      if (touchX === null || !event.changedTouches.length) return;
      var dx = event.changedTouches[0].clientX - touchX;
      touchX = null;
      if (Math.abs(dx) > 40) {
        userPaused = true; // the user took over
        show(dx < 0 ? index + 1 : index - 1);
        update();
      }
    },
    { passive: true },
  );

  // ---- modal ----
  var modal = document.getElementById('ep-resources-modal');
  var modalImg = document.getElementById('ep-modal-image');
  var modalCaption = document.getElementById('ep-modal-caption');
  var opener = null;
  var canModal = !!(modal && typeof modal.showModal === 'function' && modalImg);

  function focusables() {
    return Array.prototype.filter.call(
      modal.querySelectorAll(
        'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
      ),
      function (el) {
        return !el.hidden && el.offsetParent !== null;
      },
    );
  }

  function openModal(link) {
    var img = link.querySelector('img');
    opener = link;
    modalImg.src = img ? img.currentSrc || img.src : link.href;
    modalImg.alt = link.dataset.title || '';
    if (modalCaption) modalCaption.textContent = link.dataset.title || '';
    modalOpen = true;
    update();
    document.documentElement.classList.add('ep-modal-open');
    modal.showModal();
    var first = modal.querySelector('[data-modal-close]');
    if (first) first.focus();
  }

  function closeModal() {
    if (modal.open) modal.close();
  }

  if (canModal) {
    links.forEach(function (link) {
      link.addEventListener('click', function (event) {
        event.preventDefault();
        openModal(link);
      });
    });
    Array.prototype.forEach.call(modal.querySelectorAll('[data-modal-close]'), function (button) {
      button.addEventListener('click', closeModal);
    });
    modal.addEventListener('click', function (event) {
      if (event.target === modal) closeModal(); // click on the backdrop
    });
    modal.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeModal();
        return;
      }
      if (event.key !== 'Tab') return;
      var items = focusables();
      if (!items.length) return;
      var first = items[0];
      var last = items[items.length - 1];
      if (
        event.shiftKey &&
        (document.activeElement === first || !modal.contains(document.activeElement))
      ) {
        event.preventDefault();
        last.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === last || !modal.contains(document.activeElement))
      ) {
        event.preventDefault();
        first.focus();
      }
    });
    modal.addEventListener('close', function () {
      document.documentElement.classList.remove('ep-modal-open');
      modalOpen = false;
      var target = opener;
      opener = null;
      if (target) target.focus();
      update();
    });
  }

  // ---- start ----
  root.classList.add('ep-carousel--ready');
  if (nav) nav.hidden = false;
  show(0);
  update();
})();
