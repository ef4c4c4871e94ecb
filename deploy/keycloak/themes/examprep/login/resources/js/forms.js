/*
 * examprep login theme: client-side checks of the login and sign-up forms (learner spec §5),
 * password show/hide, busy submit buttons. Progressive enhancement only: Keycloak validates
 * every field again and renders its own (overridden) messages when JavaScript is off.
 * No inline handlers anywhere (CSP-friendly); texts come from data-msg-* attributes that the
 * templates fill from the message bundle.
 */
(function () {
  'use strict';

  var EMAIL_MAX = 254;
  // same shape as the app's email check: something@something.tld, no spaces
  var EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  function byId(id) {
    return document.getElementById(id);
  }

  function setText(el, text) {
    if (el) el.textContent = text || '';
  }

  function markInvalid(input, invalid) {
    if (!input) return;
    if (invalid) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function emailProblem(value, form) {
    if (value.length > EMAIL_MAX) return form.dataset.msgEmailLength;
    if (!EMAIL_RE.test(value)) return form.dataset.msgEmail;
    return '';
  }

  // A form is posted once. Every later submit of the same page (double click, Enter pressed
  // twice, a click while the first request is on its way) is ignored: Keycloak would count a
  // second post of the same password as another failed attempt, and its brute-force rules
  // must only see what a person meant to send (ADR 0014).
  function alreadySubmitted(form, event) {
    if (form.dataset.epSubmitted !== 'true') return false;
    event.preventDefault();
    return true;
  }

  // Marks the form as sent and the button busy. The button keeps its focus and stays in the
  // tab order (aria-disabled, not disabled): a keyboard or screen-reader user hears
  // 'Logging in...' / 'Creating Account...' instead of losing their place.
  function busy(form, button) {
    form.dataset.epSubmitted = 'true';
    if (!button) return;
    button.setAttribute('aria-disabled', 'true');
    if (form.dataset.msgSubmitting) {
      button.dataset.epLabel = button.textContent;
      button.textContent = form.dataset.msgSubmitting;
    }
  }

  // back/forward cache: a page restored after submit must be usable again
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted) return;
    var forms = document.querySelectorAll('form[data-ep-form]');
    for (var f = 0; f < forms.length; f++) delete forms[f].dataset.epSubmitted;
    var buttons = document.querySelectorAll('.ep-form button[type="submit"]');
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].removeAttribute('aria-disabled');
      if (buttons[i].dataset.epLabel) buttons[i].textContent = buttons[i].dataset.epLabel;
    }
  });

  // ---- login ----
  function initLogin(form) {
    var username = byId('username');
    var password = byId('password');
    var errorBox = byId('input-error-credentials');

    form.addEventListener('submit', function (event) {
      if (alreadySubmitted(form, event)) return;
      var email = username ? username.value.trim() : null;
      var message = '';
      var firstBad = null;

      if ((username && !email) || !password.value) {
        message = form.dataset.msgRequired;
        markInvalid(username, username && !email);
        markInvalid(password, !password.value);
        firstBad = username && !email ? username : password;
      } else if (username) {
        message = emailProblem(email, form);
        markInvalid(username, !!message);
        markInvalid(password, false);
        if (message) firstBad = username;
      }

      if (message) {
        event.preventDefault();
        setText(errorBox, message);
        firstBad.focus();
        return;
      }
      if (username) username.value = email;
      busy(form, byId('kc-login'));
    });

    [username, password].forEach(function (input) {
      if (!input) return;
      input.addEventListener('input', function () {
        if (input.getAttribute('aria-invalid') === 'true' && input.value) markInvalid(input, false);
      });
    });
  }

  // ---- sign-up ----
  function initRegister(form) {
    var email = byId('email');
    var password = byId('password');
    var confirm = byId('password-confirm');
    var formError = byId('ep-form-error');
    var minLength = parseInt(form.dataset.minLength || '0', 10) || 0;

    function errorOf(input) {
      return byId('input-error-' + input.id);
    }

    form.addEventListener('submit', function (event) {
      if (alreadySubmitted(form, event)) return;
      var inputs = Array.prototype.filter.call(
        form.querySelectorAll('input.ep-input'),
        function (i) {
          return !i.disabled && i.type !== 'hidden';
        },
      );
      var problems = [];
      var missing = false;

      inputs.forEach(function (input) {
        setText(errorOf(input), '');
        markInvalid(input, false);
        if (!input.value.trim()) {
          missing = true;
          markInvalid(input, true);
          problems.push(input);
        }
      });
      setText(formError, missing ? form.dataset.msgRequired : '');

      if (!missing) {
        var emailValue = email.value.trim().toLowerCase();
        var emailMsg = emailProblem(emailValue, form);
        if (emailMsg) {
          setText(errorOf(email), emailMsg);
          markInvalid(email, true);
          problems.push(email);
        } else {
          email.value = emailValue; // spec §5: trimmed and lowercased before registration
        }
        if (password && minLength && password.value.length < minLength) {
          setText(errorOf(password), form.dataset.msgMinLength);
          markInvalid(password, true);
          problems.push(password);
        }
        if (password && confirm && password.value !== confirm.value) {
          setText(errorOf(confirm), form.dataset.msgMismatch);
          markInvalid(confirm, true);
          problems.push(confirm);
        }
      }

      if (problems.length) {
        event.preventDefault();
        problems[0].focus();
        return;
      }
      busy(form, byId('kc-register'));
    });
  }

  // ---- password show / hide ----
  function initPasswordToggles() {
    var toggles = document.querySelectorAll('[data-ep-password-toggle]');
    Array.prototype.forEach.call(toggles, function (button) {
      var input = byId(button.getAttribute('aria-controls'));
      var label = button.querySelector('[data-ep-toggle-text]');
      if (!input || !label) return;
      button.hidden = false;
      button.addEventListener('click', function () {
        var show = input.type === 'password';
        input.type = show ? 'text' : 'password';
        label.textContent = show ? button.dataset.labelHide : button.dataset.labelShow;
      });
    });
  }

  // ---- links that must be followed once (identity-provider buttons of keycloak.v2) ----
  document.addEventListener('click', function (event) {
    var link = event.target.closest ? event.target.closest('a[data-once-link]') : null;
    if (!link) return;
    if (link.getAttribute('aria-disabled') === 'true') {
      event.preventDefault();
      return;
    }
    if (link.dataset.disabledClass) {
      link.classList.add.apply(link.classList, link.dataset.disabledClass.trim().split(/\s+/));
    }
    link.setAttribute('role', 'link');
    link.setAttribute('aria-disabled', 'true');
  });

  function init() {
    var forms = document.querySelectorAll('form[data-ep-form]');
    Array.prototype.forEach.call(forms, function (form) {
      if (form.dataset.epForm === 'login') initLogin(form);
      else if (form.dataset.epForm === 'register') initRegister(form);
    });
    initPasswordToggles();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
